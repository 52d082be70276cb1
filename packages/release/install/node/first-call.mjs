// A first call through the installed @chatplatform/client: Get Call on the Calls host with the
// REST API key, List apps on the management API with its key and secret, both sent to the mock.
import { createClient } from '@chatplatform/client';

const mock = process.env.CHATPLATFORM_MOCK_URL;
const options = {
  appId: 'my-app',
  region: 'us',
  apiKey: process.env.CHATPLATFORM_API_KEY,
  managementKey: process.env.CHATPLATFORM_MANAGEMENT_KEY,
  managementSecret: process.env.CHATPLATFORM_MANAGEMENT_SECRET,
};
// baseUrl sends every area to one URL: the mock serves the Calls API under /v3, the management API at its root.
const call = await createClient({ ...options, baseUrl: `${mock}/v3` }).calls.get(process.env.CHATPLATFORM_SESSION_ID);
await createClient({ ...options, baseUrl: mock }).apps.list();
console.log(JSON.stringify({ sessionId: call.data[0].sessionId, apps: true }));
