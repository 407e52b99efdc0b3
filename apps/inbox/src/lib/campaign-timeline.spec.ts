import { campaignTimelineChart } from './campaign-timeline';

const at = (minute: number) => new Date(Date.UTC(2026, 11, 5, 10, minute)).toISOString();
const point = (minute: number, sent: number, delivered = 0, read = 0, failed = 0) => ({ at: at(minute), sent, delivered, read, failed });

describe('campaignTimelineChart', () => {
  it('one busy minute still gets an axis: ten minutes ending with it, the quiet ones zero', () => {
    const chart = campaignTimelineChart([point(30, 250, 240, 200, 3)], Date.parse(at(30)), false);
    expect(chart.times).toHaveLength(10);
    expect(chart.times.at(-1)).toBe(Date.parse(at(30)));
    expect(chart.lines.map((l) => [l.label, l.values.at(-1), l.values[0]])).toEqual([
      ['Sent', 250, 0],
      ['Delivered', 240, 0],
      ['Read', 200, 0],
      ['Failed', 3, 0],
    ]);
    expect(chart.unit).toBe('messages per minute');
  });

  it('while it runs the axis reaches now; minutes without a change are filled with zeros', () => {
    const chart = campaignTimelineChart([point(0, 10), point(12, 5)], Date.parse(at(20)) + 30_000, true);
    expect(chart.times).toHaveLength(21);
    expect(chart.lines[0]!.values.reduce((a, b) => (a ?? 0) + (b ?? 0), 0)).toBe(15);
    expect(chart.lines[0]!.values[12]).toBe(5);
  });

  it('a long campaign is drawn in wider buckets, its sums kept', () => {
    const points = Array.from({ length: 48 }, (_, h) => point(h * 60, 100));
    const chart = campaignTimelineChart(points, 0, false);
    expect(chart.times.length).toBeLessThanOrEqual(360);
    expect(chart.bucketMs).toBe(8 * 60_000);
    expect(chart.lines[0]!.values.reduce((a, b) => (a ?? 0) + (b ?? 0), 0)).toBe(4_800);
  });

  it('nothing yet: no points', () => {
    expect(campaignTimelineChart([], 0, true).times).toEqual([]);
  });
});
