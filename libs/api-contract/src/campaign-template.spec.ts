import { fileCampaignRefusal } from './campaign-template.js';

describe('fileCampaignRefusal', () => {
  it('lets a file drive a template whose only parameters are in its body', () => {
    expect(
      fileCampaignRefusal([
        { type: 'HEADER', format: 'TEXT', text: 'Our summer sale' },
        { type: 'BODY', text: 'Hi {{1}}, {{2}} off today' },
        { type: 'FOOTER', text: 'Reply STOP to opt out' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Stop' },
            { type: 'URL', text: 'Shop', url: 'https://shop.example/sale' },
            { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+15550000000' },
          ],
        },
      ]),
    ).toBeNull();
  });

  it('refuses a media header, saying which medium', () => {
    expect(
      fileCampaignRefusal([
        { type: 'HEADER', format: 'IMAGE' },
        { type: 'BODY', text: 'Hi {{1}}' },
      ]),
    ).toBe('its header takes an image');
    expect(fileCampaignRefusal([{ type: 'header', format: 'DOCUMENT' }])).toBe('its header takes a document');
  });

  it('refuses a header variable, a URL variable, a coupon, a one-time code, cards and offers, each said once', () => {
    const why = fileCampaignRefusal([
      { type: 'HEADER', format: 'TEXT', text: 'For {{1}}' },
      { type: 'BODY', text: '{{1}} is your code' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', url: 'https://x.example/{{1}}' },
          { type: 'URL', url: 'https://x.example/o/{{1}}' },
          { type: 'COPY_CODE', example: 'SAVE10' },
          { type: 'OTP', otp_type: 'COPY_CODE' },
        ],
      },
      { type: 'CAROUSEL', cards: [] },
      { type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: 'Ends soon' } },
    ]);
    expect(why).toBe(
      'its header has a variable, a URL button has a variable, a copy-code button takes the coupon code, its code button takes a one-time code, its carousel cards take media, its offer takes an expiry time',
    );
  });

  it('does not trip over components that are not objects', () => {
    expect(fileCampaignRefusal([null, 'BODY', { type: 'BUTTONS', buttons: 'none' }])).toBeNull();
  });
});
