export { Newsletter } from './components/newsletter';
