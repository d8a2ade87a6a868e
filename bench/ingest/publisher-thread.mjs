// Worker threads do not inherit `--import tsx` for their entry file on Node 20: register it here.
import { register } from 'tsx/esm/api';

register();
await import('./publisher.ts');
