import { deferred } from '../../lib/deferred';

/** antd's Select alone, for a short list (LightSelect.tsx): the header's language switch needs no more. */
export const selectWidget = deferred(() => import('antd/es/select'));

/**
 * The search forms' pickers, popover and tooltip (search-widgets.ts), with antd's Select for their short lists (the
 * cabin), so that every field of the form takes antd's component at the same moment.
 */
export const searchWidgets = deferred(() => Promise.all([import('./search-widgets'), selectWidget.load()]).then(([widgets]) => widgets));
