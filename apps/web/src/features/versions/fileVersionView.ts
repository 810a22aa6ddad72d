/** The file version page's `?view=map`: the changes on a map (issue 27) instead of as tables. */
export const FILE_VIEW_PARAM = 'view';
export const FILE_VIEW_MAP = 'map';
