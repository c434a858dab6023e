export { ContactRoute } from './routes/contact';
