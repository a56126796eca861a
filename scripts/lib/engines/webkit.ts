/**
 * WebKit as Debian ships it: WebKitGTK's MiniBrowser, driven by WebKitWebDriver (webkit2gtk-driver) over classic
 * W3C WebDriver with selenium-webdriver, in a virtual display of its own (Xvfb): WebKitGTK has no headless mode.
 *
 * Classic WebDriver has no init scripts and no console: MiniBrowser's automation session is ephemeral, and
 * WebKit writes no console message of an ephemeral session anywhere. So the probe comes in through a proxy
 * (probeProxy.ts), and what the page logs is what the probe records. "JavaScript off" is a session whose
 * MiniBrowser runs no script of the page (--enable-javascript-markup=false), while WebDriver's own scripts
 * still read the page.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Builder, By, error as webdriverErrors, type WebDriver } from 'selenium-webdriver';
import { freePort, waitUntil, accepts } from '../harness.ts';
import { type Engine, LAPTOP, PHONE, pageOf, settledCenter, type Viewport } from './engine.ts';
import { type ProbeProxy, startProbeProxy } from './probeProxy.ts';
import { WAIT_BOUND_MS } from '../testBudget.ts';

const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB_PATH = '/usr/bin/Xvfb';
const { MoveTargetOutOfBoundsError } = webdriverErrors;

/**
 * Xvfb on a display number it picks itself (-displayfd), so that runs side by side never collide. A laptop's width
 * and tall: a window is painted only where it lies on the screen, and a full-page screenshot makes it as tall as the page.
 */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const screen = `${LAPTOP.width + 80}x16384x24`;
  const xvfb = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', screen, '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  const display = await new Promise<string>((resolve, reject) => {
    let written = '';
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      written += chunk.toString();
      if (written.includes('\n')) resolve(`:${written.trim()}`);
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it had a display`)));
  });
  return { display, process: xvfb };
}

/**
 * MiniBrowser's toolbar is wider than a phone, and a window is never narrower than its toolbar: a GTK stylesheet
 * of the driver's own shrinks the browser's controls (never the page, which GTK does not style) to let the page
 * have a phone's width. Returns the folder to give as XDG_CONFIG_HOME.
 */
function narrowToolbarConfig(): string {
  const home = mkdtempSync(path.join(tmpdir(), 'webkit-gtk-'));
  mkdirSync(path.join(home, 'gtk-3.0'));
  writeFileSync(path.join(home, 'gtk-3.0', 'gtk.css'), 'window * { font-size: 1px; min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; }\n');
  return home;
}

const stopped = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export async function webkitEngine(): Promise<Engine> {
  for (const [path, pkg] of [
    [WEBKIT_DRIVER_PATH, 'webkit2gtk-driver'],
    [MINIBROWSER_PATH, 'webkit2gtk-driver'],
    [XVFB_PATH, 'xvfb'],
  ] as const) {
    if (!existsSync(path)) throw new Error(`No ${path}: install Debian's package (apt-get install -y --no-install-recommends ${pkg})`);
  }
  const xvfb = await startXvfb();
  const config = narrowToolbarConfig();
  const port = await freePort();
  const driverProcess = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], {
    // Painted in software: with compositing, a window made as tall as the page (screenshot) showed only its first screen.
    env: { ...process.env, DISPLAY: xvfb.display, XDG_CONFIG_HOME: config, WEBKIT_DISABLE_COMPOSITING_MODE: '1' },
    stdio: 'ignore',
  });
  const stopAll = async (): Promise<void> => {
    await stopped(driverProcess);
    await stopped(xvfb.process);
    rmSync(config, { recursive: true, force: true });
  };
  try {
    await waitUntil('WebKitWebDriver listening', () => accepts(port));
  } catch (error) {
    await stopAll();
    throw error;
  }

  // One session at a time, for the JavaScript setting it was started with, its window sized to the last viewport asked for.
  let session: { javaScript: boolean; viewport: Viewport; driver: WebDriver } | undefined;
  const proxies = new Map<string, ProbeProxy>();
  async function driverFor(javaScript: boolean, viewport: Viewport): Promise<WebDriver> {
    if (session?.javaScript !== javaScript) {
      await session?.driver.quit();
      session = undefined;
      const args = ['--automation', `--enable-javascript-markup=${javaScript}`, '--javascript-can-access-clipboard=true'];
      const driver = await new Builder()
        .disableEnvironmentOverrides()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args } })
        .build();
      // A page that never loads fails its test saying so, long before WebDriver's own five minutes.
      await driver.manage().setTimeouts({ pageLoad: WAIT_BOUND_MS });
      // A new window reports its size before it has one: given the viewport's first, then sized as below.
      await driver.manage().window().setRect(viewport);
      session = { javaScript, viewport: { width: 0, height: 0 }, driver };
    }
    const { driver } = session;
    if (session.viewport.width !== viewport.width || session.viewport.height !== viewport.height) {
      // The window's size includes what is left of MiniBrowser's toolbar: sized until the page gets the viewport.
      const window = driver.manage().window();
      for (let tries = 1; ; tries += 1) {
        const [rect, [innerWidth, innerHeight]] = await Promise.all([
          window.getRect(),
          driver.executeScript('return [innerWidth, innerHeight];') as Promise<[number, number]>,
        ]);
        if (innerWidth === viewport.width && innerHeight === viewport.height) break;
        if (tries === 5) throw new Error(`WebKit's page stays ${innerWidth} × ${innerHeight}, not ${viewport.width} × ${viewport.height}`);
        const width = rect.width - innerWidth + viewport.width;
        const height = rect.height - innerHeight + viewport.height;
        // A window a busy machine has not laid out yet reports sizes that make no sense: sized as the viewport, and asked again.
        await window.setRect(width > 0 && height > 0 ? { width, height } : viewport);
      }
      session.viewport = viewport;
    }
    return driver;
  }

  return {
    name: 'webkit',
    width: PHONE.width,
    async open(origin, { javaScript, clock = false, viewport = PHONE }) {
      const driver = await driverFor(javaScript, viewport);
      let base = origin;
      if (javaScript) {
        const proxy = proxies.get(origin) ?? (await startProbeProxy(origin));
        proxies.set(origin, proxy);
        proxy.options = { clock };
        base = proxy.url;
      }
      return pageOf(base, {
        navigate: (url) => driver.get(url),
        run: (expression) => driver.executeScript(`return ${expression};`),
        // WebKit's element click refuses elements with JavaScript off: a pointer click at the element instead,
        // whose middle WebKit finds as it dispatches, once it is in view and stays put (settledCenter).
        async click(selector) {
          for (let tries = 1; ; tries += 1) {
            await settledCenter((expression) => driver.executeScript(`return ${expression};`), selector);
            try {
              await driver
                .actions()
                .move({ origin: await driver.findElement(By.css(selector)) })
                .click()
                .perform();
              return;
            } catch (error) {
              // A block laid out late moved it out of view in between: scrolled to again.
              if (!(error instanceof MoveTargetOutOfBoundsError) || tries === 3) throw error;
            }
          }
        },
        takeReported: () => [],
        // WebKit shoots only what the window shows: the window is made as tall as the page for it, then put back.
        async screenshot() {
          const window = driver.manage().window();
          const rect = await window.getRect();
          const [pageHeight, innerHeight] = (await driver.executeScript('return [document.documentElement.scrollHeight, innerHeight];')) as [number, number];
          await window.setRect({ width: rect.width, height: rect.height - innerHeight + pageHeight });
          await new Promise((resolve) => setTimeout(resolve, 500));
          const shot = Buffer.from(await driver.takeScreenshot(), 'base64');
          await window.setRect({ width: rect.width, height: rect.height });
          return shot;
        },
        async close() {
          // The next page starts clean: no cookie, no storage, nothing left loaded.
          await driver.manage().deleteAllCookies();
          await driver.executeScript('try { localStorage.clear(); sessionStorage.clear(); } catch {}');
          await driver.get('about:blank');
        },
      });
    },
    async close() {
      await session?.driver.quit().catch(() => undefined);
      for (const proxy of proxies.values()) await proxy.stop();
      await stopAll();
    },
  };
}
