import { cookieValue, isSameSiteRequest } from './request-origin.js';

const INBOX = ['http://localhost:3000'];

describe('is a cookie-authenticated mutation from one of our pages?', () => {
  it.each([
    [{ origin: 'http://localhost:3000', host: 'localhost:3001' }, true],
    [{ origin: 'http://127.0.0.1:41234', host: '127.0.0.1:41234' }, true],
    [{ origin: 'http://127.0.0.1:41234', host: '127.0.0.1:3001', forwardedHost: '127.0.0.1:41234' }, true],
    [{ origin: 'https://evil.example', host: 'localhost:3001' }, false],
    [{ origin: 'https://evil.example', host: 'localhost:3001', forwardedHost: 'inbox.shop.example' }, false],
    [{ origin: 'null', host: 'localhost:3001' }, false],
    [{ host: 'localhost:3001' }, false],
    [{ referer: 'http://localhost:3000/conversations/1', host: 'api:3001' }, true],
    [{ origin: 'javascript:alert(1)', host: 'localhost:3001' }, false],
  ])('%j → %s', (headers, expected) => {
    expect(isSameSiteRequest(headers, INBOX)).toBe(expected);
  });
});

describe('cookieValue', () => {
  it.each([
    ['a=1; sendbook_session=abc; b=2', 'abc'],
    ['sendbook_session=a%20b', 'a b'],
    ['other=1', null],
    ['sendbook_session=', null],
    ['sendbook_session=%E0%A4%A', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(cookieValue(header, 'sendbook_session')).toBe(expected);
  });
});
