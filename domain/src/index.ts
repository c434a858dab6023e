export * from './api';
export * from './categories';
export * from './limits';
export * from './order-lifecycle';
export * from './pricing';
export * from './socket-events';
export * from './stats';
