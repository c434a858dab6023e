export { NoSearchResults } from './components/no-search-results';
export { SearchBox } from './components/search-box';
export { SearchNotice } from './components/search-notice';
