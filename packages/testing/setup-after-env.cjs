// jest-dom's matchers (toBeInTheDocument, toHaveValue) for every test file.
'use strict';
require('@testing-library/jest-dom');
