import { EventEmitter } from 'node:events';

// Commands recorded in this process (commands.ts) nudge the dispatcher and the live channel at once.
// Its own module, so that the dispatcher and the live channel both listen without importing each other.

export const commandEvents = new EventEmitter<{ recorded: [deviceIds: number[], commandIds: number[]] }>();
