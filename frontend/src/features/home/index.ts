export { HomeRoute } from './routes/home';
export { loadHomeSections } from './routes/load-home-sections';
