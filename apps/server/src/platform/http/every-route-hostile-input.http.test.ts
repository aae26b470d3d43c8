import { hostileInputWalk } from '../../../testing/hostile-input-walk.ts';

// Every route fed hostile path segments, query parameters and bodies, in four shares run as
// four files (see hostileInputWalk); this is share 1.
hostileInputWalk(0, 4);
