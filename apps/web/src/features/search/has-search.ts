/**
 * True when the URL holds a search (a city was submitted). Its own module, free of the search schemas, so the router
 * can ask it before any screen code loads.
 */
export const hasSearch = (params: URLSearchParams) => Boolean(params.get('city')?.trim());
