import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEVICE_STATUS_COLOURS, STATUS_ORDER } from '../lib/device-status-colours';
import { DeviceStatusTag } from './status-tags';

// A device state has one colour on every screen: the list's tag is drawn in the palette whose primary
// shade the map's markers, rings and legend use.

describe('device status tag', () => {
  it.each(STATUS_ORDER)('shows %s in the colour the map gives it', (status) => {
    render(<DeviceStatusTag status={status} />);
    expect(screen.getByText(status)).toHaveClass(`ant-tag-${DEVICE_STATUS_COLOURS[status].tag}`);
  });

  it('tells the three states apart', () => {
    const tags = new Set(STATUS_ORDER.map((status) => DEVICE_STATUS_COLOURS[status].tag));
    const fills = new Set(STATUS_ORDER.map((status) => DEVICE_STATUS_COLOURS[status].fill));
    expect(tags.size).toBe(3);
    expect(fills.size).toBe(3);
  });

  it('shows -- without a state', () => {
    render(<DeviceStatusTag status={null} />);
    expect(screen.getByText('--')).toBeInTheDocument();
  });
});
