// The DOM matchers (toBeInTheDocument ...) the component tests use; the web project's set-up file
// registers them at run time (vitest.config.ts).
/// <reference types="@testing-library/jest-dom/vitest" />
