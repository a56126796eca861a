/**
 * The landing page prepared before its second begins: the first visitor of a second finds it ready, and it is
 * the page for that second. vitest's fake timers drive the app's timer and its clock (the faked Date); requests
 * go through supertest to the real app.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDER_AHEAD_IDLE_MS } from '../../server/render/renderAhead';
import { BEFORE_DEADLINE_MS, testApp } from '../helpers/testApp';
import { seriesValue } from '../helpers/seriesValue';

/** A counter's value: a series not yet counted is absent from the text, which is 0. */
const counted = (text: string, series: string): number => seriesValue(text, series) ?? 0;

const RENDERS = 'taller_page_renders_total{page="landing",state="early-bird"}';
const HITS = 'taller_page_memory_hits_total{page="landing",state="early-bird"}';
const PROMPT_RENDERS = 'taller_page_renders_total{page="prompt",state="none"}';
const PROMPT_HITS = 'taller_page_memory_hits_total{page="prompt",state="none"}';

describe('rendering ahead', () => {
  let stop = (): void => undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(BEFORE_DEADLINE_MS + 100);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it("serves the next second's page from memory, prepared before that second began, with that second's clock; the render ahead is counted", async () => {
    const { app, metrics, stop: stopApp } = testApp({ now: Date.now, withMetrics: true, renderAhead: true });
    stop = stopApp;
    vi.advanceTimersByTime(1000 - 100);
    expect(Date.now()).toBe(BEFORE_DEADLINE_MS + 1000);
    const ahead = counted(await metrics!.registry.metrics(), RENDERS);
    expect(ahead).toBe(1);
    const response = await request(app).get('/');
    expect(response.status).toBe(200);
    expect(response.text).toContain(`"nowMs":${BEFORE_DEADLINE_MS + 1000},`);
    const text = await metrics!.registry.metrics();
    expect(counted(text, RENDERS)).toBe(ahead);
    expect(counted(text, HITS)).toBe(1);
  });

  it('renders for the request itself once the instance has been idle, and prepares again after that visit: every render counted', async () => {
    const { app, metrics, stop: stopApp } = testApp({ now: Date.now, withMetrics: true, renderAhead: true });
    stop = stopApp;
    // Its start counts as a visit: the clock jumps past the idle time at once (rendering every second of it
    // would only take long), so the next ticks find it idle and prepare nothing.
    vi.setSystemTime(Date.now() + RENDER_AHEAD_IDLE_MS);
    vi.advanceTimersByTime(1900);
    expect(Date.now() % 1000).toBe(0);
    const beforeVisit = counted(await metrics!.registry.metrics(), RENDERS);
    expect(beforeVisit).toBe(0);
    await request(app).get('/');
    expect(counted(await metrics!.registry.metrics(), RENDERS)).toBe(beforeVisit + 1);
    expect(counted(await metrics!.registry.metrics(), HITS)).toBe(0);
    // The visit wakes it: the next second is rendered ahead (counted), and its request finds it in memory.
    vi.advanceTimersByTime(1000);
    await request(app).get('/');
    const text = await metrics!.registry.metrics();
    expect(counted(text, RENDERS)).toBe(beforeVisit + 2);
    expect(counted(text, HITS)).toBe(1);
  });

  it('prepares the prompt page when the app is built: its first visitor finds it in memory', async () => {
    const { app, metrics, stop: stopApp } = testApp({ now: Date.now, withMetrics: true, renderAhead: true });
    stop = stopApp;
    const response = await request(app).get('/prompt1');
    expect(response.status).toBe(200);
    expect(response.text).toContain('Copiar');
    const text = await metrics!.registry.metrics();
    expect(counted(text, PROMPT_RENDERS)).toBe(1);
    expect(counted(text, PROMPT_HITS)).toBe(1);
  });

  it('is off unless asked for: every new second is rendered for its first request, and the prompt page too', async () => {
    const { app, metrics } = testApp({ now: Date.now, withMetrics: true });
    await request(app).get('/');
    vi.advanceTimersByTime(1000);
    await request(app).get('/');
    await request(app).get('/prompt1');
    const text = await metrics!.registry.metrics();
    expect(counted(text, RENDERS)).toBe(2);
    expect(counted(text, PROMPT_RENDERS)).toBe(1);
    // Nothing was ready before it was asked for.
    expect(counted(text, HITS)).toBe(0);
    expect(counted(text, PROMPT_HITS)).toBe(0);
  });
});
