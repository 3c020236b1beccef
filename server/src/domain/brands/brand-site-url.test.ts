import { describe, expect, it } from 'vitest';
import { primaryBrandHost, siteUrlOn } from './brand-site-url';

const GLOBALIME_HOSTS = ['globalime.localhost', 'globalime.127.0.0.1.nip.io'];
const SAJILO_HOSTS = ['localhost', '127.0.0.1', 'sajilo.localhost'];

describe('primaryBrandHost', () => {
  it('is the host the request arrived on when it is one of the brand’s (port and case aside)', () => {
    expect(primaryBrandHost(GLOBALIME_HOSTS, 'http://localhost:3000', 'GlobalIME.localhost:3000')).toBe(
      'globalime.localhost',
    );
    expect(primaryBrandHost(SAJILO_HOSTS, 'http://localhost:3000', 'sajilo.localhost')).toBe(
      'sajilo.localhost',
    );
  });

  it('never is another brand’s host the request arrived on', () => {
    const host = primaryBrandHost(GLOBALIME_HOSTS, 'http://localhost:3000', 'localhost');
    expect(GLOBALIME_HOSTS).toContain(host);
  });

  it('is PUBLIC_URL’s host when the brand claims it, else the brand’s first host by name', () => {
    expect(primaryBrandHost(SAJILO_HOSTS, 'http://localhost:3000')).toBe('localhost');
    expect(primaryBrandHost(GLOBALIME_HOSTS, 'http://localhost:3000')).toBe('globalime.127.0.0.1.nip.io');
    expect(primaryBrandHost(['b.example', 'a.example'], 'https://tickets.example.com')).toBe('a.example');
  });

  it('falls back to PUBLIC_URL’s host for a brand with no host of its own', () => {
    expect(primaryBrandHost([], 'https://tickets.example.com', 'elsewhere.example')).toBe(
      'tickets.example.com',
    );
  });
});

describe('siteUrlOn', () => {
  it('takes the scheme from PUBLIC_URL and a port only where PUBLIC_URL has one', () => {
    expect(siteUrlOn('https://tickets.example.com', 'globalime.com.np')).toBe('https://globalime.com.np');
    expect(siteUrlOn('https://tickets.example.com/', 'globalime.com.np')).toBe('https://globalime.com.np');
    expect(siteUrlOn('http://localhost:3000', 'globalime.localhost')).toBe('http://globalime.localhost:3000');
    expect(siteUrlOn('https://tickets.example.com:8443/tikat/', 'a.example')).toBe(
      'https://a.example:8443/tikat',
    );
  });
});
