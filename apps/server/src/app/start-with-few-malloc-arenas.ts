// Imported first by main.ts, so the restart happens before the server's modules run.
import { restartWithFewMallocArenas } from './few-malloc-arenas.ts';

restartWithFewMallocArenas();
