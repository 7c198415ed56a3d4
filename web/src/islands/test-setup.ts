// Unmounts rendered islands after each test so tests never see each other's DOM.
import { cleanup } from '@testing-library/preact';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
