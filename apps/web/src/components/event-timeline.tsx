import { Empty, Timeline } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTimeAmPm } from '../lib/format';

// A record's history as the drawers show it (an alarm's, a work order's): each entry's line, when, and
// its note, oldest first; "Nothing recorded yet" when empty.

interface Entry {
  id: number;
  at: string;
  note: string | null;
}

export function EventTimeline<E extends Entry>({
  events,
  line,
  colour,
  testId,
}: {
  events: readonly E[];
  line: (event: E) => ReactNode;
  colour: (event: E) => string;
  /** Each entry's test id (the browser walks read entries by it). */
  testId: string;
}) {
  return (
    <div>
      <h4 style={{ marginTop: 0 }}>Timeline</h4>
      {events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing recorded yet" />
      ) : (
        <Timeline
          items={events.map((e) => ({
            key: e.id,
            color: colour(e),
            children: (
              <div data-testid={testId}>
                <div>{line(e)}</div>
                <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{formatDateTimeAmPm(e.at)}</div>
                {e.note && <div style={{ whiteSpace: 'pre-wrap' }}>{e.note}</div>}
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}
