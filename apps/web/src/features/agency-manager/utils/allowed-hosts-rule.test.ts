import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { agencyRules } from './agency-form';

/** Issue 9: the agency form refuses an allowed-hosts range of the whole Internet before sending, in the user's words. */
describe('allowed hosts rule of the agency form', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  const check = (hosts: string[]) => {
    const rule = agencyRules(i18n.t.bind(i18n)).allowedHosts[0] as { validator: (r: unknown, v: unknown) => Promise<void> };
    return rule.validator({}, hosts);
  };

  it('refuses 0.0.0.0/0 and ::/0 with the explanation, and keeps the plain host message intact', async () => {
    await expect(check(['0.0.0.0/0'])).rejects.toThrow(/too many addresses.*IPv4 at least \/8, IPv6 at least \/32/);
    await expect(check(['::/0'])).rejects.toThrow(/too many addresses/);
    await expect(check(['not a host!'])).rejects.toThrow('Enter an IP address, a CIDR range or a host name');
  });

  it('accepts an organisation range', async () => {
    await expect(check(['10.0.0.0/8', 'api.example.com'])).resolves.toBeUndefined();
  });

  it('says it in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    await expect(check(['0.0.0.0/0'])).rejects.toThrow(/该网段包含的地址过多/);
    await i18n.changeLanguage('en');
  });
});
