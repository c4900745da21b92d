import { until } from './until';

describe('until', () => {
  it('resolves once the condition holds and names what was awaited when it never does', async () => {
    let calls = 0;
    await until(() => ++calls > 3);
    expect(calls).toBe(4);
    await expect(until(() => false, 'the result', 30)).rejects.toThrow('the result: not met within 30 ms');
  });
});
