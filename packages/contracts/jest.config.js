module.exports = { testEnvironment: 'node', transform: { '^.+\\.tsx?$': ['@swc/jest'] }, testMatch: ['**/__tests__/**/*.test.ts'] };
