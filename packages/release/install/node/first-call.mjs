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
// baseUrl replaces each server's origin and keeps its path: one client reaches every area of the mock.
const client = createClient({ ...options, baseUrl: mock });
const call = await client.calls.get(process.env.CHATPLATFORM_SESSION_ID);
await client.apps.list();
console.log(JSON.stringify({ sessionId: call.data[0].sessionId, apps: true }));
