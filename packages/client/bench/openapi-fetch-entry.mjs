export { default } from 'openapi-fetch';
