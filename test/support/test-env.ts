/** A complete, valid environment for booting the API in tests; override what a test is about. */
export const TEST_SECRETS = {
  accessToken: 'test-access-token-0123456789',
  appSecret: 'test-app-secret-0123456789',
  verifyToken: 'test-verify-token',
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  apiKey: 'sk_test_0123456789abcdef0123456789abcdef',
  encryptionKey: 'dGVzdC1lbmNyeXB0aW9uLWtleS0zMi1ieXRlcy0hISE=',
} as const;

export function testEnv(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    LOG_LEVEL: process.env.SENDBOOK_TEST_LOG_LEVEL ?? 'silent',
    // Nothing in a test talks to the real Graph API: a closed local port fails fast (startSendbook
    // points this at the simulator).
    WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9',
    WHATSAPP_ACCESS_TOKEN: TEST_SECRETS.accessToken,
    WHATSAPP_APP_SECRET: TEST_SECRETS.appSecret,
    WHATSAPP_VERIFY_TOKEN: TEST_SECRETS.verifyToken,
    WHATSAPP_PHONE_NUMBER_ID: TEST_SECRETS.phoneNumberId,
    WHATSAPP_BUSINESS_ACCOUNT_ID: TEST_SECRETS.businessAccountId,
    BOOTSTRAP_API_KEY: TEST_SECRETS.apiKey,
    // Stored secrets are sealed in every test, as in production.
    APP_ENCRYPTION_KEY: TEST_SECRETS.encryptionKey,
    ...overrides,
  };
}
