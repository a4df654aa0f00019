import { describe, expect, it } from 'vitest';
import { SseParser } from './sse';

describe('SseParser', () => {
  it('parses events split across chunks, with ids, names and multi-line data', () => {
    const p = new SseParser();
    expect(p.feed('retry: 2000\n: hello\n\nid: 4\nevent: event\nda')).toEqual([]);
    expect(p.feed('ta: {"seq":4}\n\nid: 5\ndata: a\ndata: b\n\n')).toEqual([
      { event: 'event', data: '{"seq":4}', id: '4' },
      { event: 'message', data: 'a\nb', id: '5' },
    ]);
  });

  it('accepts CRLF and CR line ends, even with CRLF split between chunks', () => {
    const p = new SseParser();
    expect(p.feed('event: end\r')).toEqual([]);
    expect(p.feed('\ndata: {"lastSeq":9}\r\n\r\ndata: x\r\r')).toEqual([
      { event: 'end', data: '{"lastSeq":9}', id: null },
      { event: 'message', data: 'x', id: null },
    ]);
  });

  it('ignores comments (heartbeats) and events without data', () => {
    const p = new SseParser();
    expect(p.feed(': heartbeat\n\nevent: nothing\n\n')).toEqual([]);
  });
});
