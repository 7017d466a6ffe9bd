import { configure } from '@testing-library/react';

// Testing Library gives findBy and waitFor one second: a screen rendering on a busy 2-core
// machine took longer (ADR 029). A wait that never ends still fails, after ten.
configure({ asyncUtilTimeout: 10_000 });
