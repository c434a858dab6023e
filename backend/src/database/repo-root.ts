import { resolve } from 'node:path';

/** The repository root, from both backend/src/database and backend/dist/database. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
