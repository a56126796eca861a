/** Every engine the cross-engine tests and the engine screenshots run in, each started by its own driver. */
import { chromiumEngine } from './chromium.ts';
import type { Engine, EngineName } from './engine.ts';
import { firefoxEngine } from './firefox.ts';
import { webkitEngine } from './webkit.ts';

export const ENGINES: Record<EngineName, () => Promise<Engine>> = { chromium: chromiumEngine, firefox: firefoxEngine, webkit: webkitEngine };
