import { optionsFromEnv } from './env-options.js';

describe('optionsFromEnv', () => {
  it('uses the shared WhatsApp variables and SIM_* ones', () => {
    const { simulator, demoCustomers } = optionsFromEnv({
      SIM_PORT: '4002',
      SIM_WEBHOOK_URL: 'http://localhost:3001/webhooks/whatsapp',
      WHATSAPP_APP_SECRET: 'new,old',
      WHATSAPP_ACCESS_TOKEN: 'token',
      WHATSAPP_PHONE_NUMBER_ID: '123456',
      WHATSAPP_BUSINESS_ACCOUNT_ID: '654321',
    });
    expect(simulator).toMatchObject({
      port: 4002,
      webhookUrl: 'http://localhost:3001/webhooks/whatsapp',
      appSecret: 'new,old',
      accessToken: 'token',
      phoneNumbers: [{ id: '123456', wabaId: '654321', displayPhoneNumber: '15550783881', mps: 80 }],
    });
    expect(demoCustomers).toBe(3);
  });

  it('defaults to port 3002 and refuses a malformed port', () => {
    expect(optionsFromEnv({}).simulator.port).toBe(3002);
    expect(() => optionsFromEnv({ SIM_PORT: 'abc' })).toThrow('abc');
  });
});
