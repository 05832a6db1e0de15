// The antd parts of the search forms a first render does without (issue 14, page weight), in one chunk: fetched as
// soon as a user reaches for one of them (./widgets.ts). Only antd's
// own modules: the app's components that use them (LocationSelect, DateField) stay in the page's chunk and take them
// as props, so this chunk holds no module of the app (nor one a test replaces).
export { DatePicker, Popover, Select, Tooltip } from 'antd';
