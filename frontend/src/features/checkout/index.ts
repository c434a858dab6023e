export { CartRoute } from './routes/cart';
