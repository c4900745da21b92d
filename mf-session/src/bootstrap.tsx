import { startStandalone } from '@idv/ui';

void startStandalone(() => import('./remote-entry'));
