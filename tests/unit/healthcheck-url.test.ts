import { describe, expect, it } from 'vitest';
import { healthcheckUrl } from '../../server/ops/healthcheckUrl';

describe('the health check asks where the server listens', () => {
  it.each([
    [{}, 'http://127.0.0.1:3000/healthz'],
    [{ HOST: '', PORT: '' }, 'http://127.0.0.1:3000/healthz'],
    [{ HOST: '0.0.0.0', PORT: '8080' }, 'http://127.0.0.1:8080/healthz'],
    [{ HOST: '10.1.2.3', PORT: '3000' }, 'http://10.1.2.3:3000/healthz'],
    [{ HOST: 'taller.internal' }, 'http://taller.internal:3000/healthz'],
    [{ HOST: '::' }, 'http://[::1]:3000/healthz'],
    [{ HOST: 'fd00::5', PORT: '3001' }, 'http://[fd00::5]:3001/healthz'],
    [{ HOST: '[fd00::5]' }, 'http://[fd00::5]:3000/healthz'],
  ])('%j: %s', (env, url) => {
    expect(healthcheckUrl(env)).toBe(url);
  });
});
