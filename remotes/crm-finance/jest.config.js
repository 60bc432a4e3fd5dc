// FullCalendar v7 (the planner) and its temporal-polyfill ship ES modules only: compiled like antd's.
const esm = ['@repo', '@ant-design', '@rc-component', 'rc-', 'antd', '@babel\\+runtime', '@babel/runtime', '@fullcalendar', '@full-ui', 'temporal-polyfill', 'temporal-utils'];
module.exports = require('@repo/testing/jest-preset.cjs')(__dirname, {
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esm.join('|')}))`],
});
