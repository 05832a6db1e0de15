import '../app/antd-providers';
// antd's static message API on its own, so lib/notify can load it on demand (the landing page ships without antd).
export { message } from 'antd';
