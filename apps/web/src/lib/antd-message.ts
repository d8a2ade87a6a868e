// antd's static message API, in a chunk of its own: lib/notify.ts loads it when no <App> has bound
// the themed one (the sign-in page).
export { message } from 'antd';
