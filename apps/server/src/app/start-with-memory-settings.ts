// Imported first by main.ts, so the restart happens before the server's modules run.
import { restartWithMemorySettings } from './memory-settings-restart.ts';

restartWithMemorySettings();
