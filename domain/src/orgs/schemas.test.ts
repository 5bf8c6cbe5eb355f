import { describe, expect, it } from 'vitest';
import { createOrganizationInputSchema, updateOrgSettingsInputSchema } from './schemas.ts';
import { displayRole, highestRole, orgMemberRole } from './roles.ts';
import { isIanaTimeZone } from './time-zone.ts';

const fieldErrors = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0] ?? '_'), i.message]));

describe('organization payloads', () => {
  it('creates with a name; description, time zone and default sport have defaults', () => {
    expect(createOrganizationInputSchema.parse({ name: ' Riverside FC ' })).toEqual({
      name: 'Riverside FC',
      description: null,
      timezone: 'UTC',
      defaultSport: 'Soccer',
    });
    expect(fieldErrors(createOrganizationInputSchema.safeParse({ name: '', timezone: 'Mars/Base' }))).toEqual({
      name: 'Organization name is required',
      timezone: 'Choose a time zone such as America/New_York',
    });
  });

  it('validates every setting: hex colours, web addresses, email, phone, IANA zone, RSVP policy, switches', () => {
    const bad = updateOrgSettingsInputSchema.safeParse({
      primaryColor: 'blue',
      secondaryColor: '#12345',
      website: 'javascript:alert(1)',
      logoUrl: 'not a url',
      contactEmail: 'coach@',
      contactPhone: 'call me',
      timezone: '+02:00',
      defaultRsvpPolicy: 'sometimes',
      autoApproveInvites: 'yes',
      allowPublicRegistration: 1,
      address: 'x'.repeat(301),
      emailFooter: 'a\u0000b',
      name: '   ',
    });
    expect(fieldErrors(bad)).toEqual({
      primaryColor: 'Enter a colour like #1d4ed8',
      secondaryColor: 'Enter a colour like #1d4ed8',
      website: 'Enter a web address starting with https://',
      logoUrl: 'Enter a web address starting with https://',
      contactEmail: 'Enter a valid email address',
      contactPhone: 'Enter a phone number (digits, spaces and + - ( ) only)',
      timezone: 'Choose a time zone such as America/New_York',
      defaultRsvpPolicy: 'Choose required, optional or disabled',
      autoApproveInvites: 'Choose on or off',
      allowPublicRegistration: 'Choose on or off',
      address: 'Address must be at most 300 characters',
      emailFooter: expect.stringContaining('NUL'),
      name: 'Organization name is required',
    });
  });

  it('accepts good settings, normalises colours and email, and clears optional text with "" or null', () => {
    expect(
      updateOrgSettingsInputSchema.parse({
        primaryColor: '#1D4ED8',
        secondaryColor: '#FFF',
        website: 'https://riverside.example/club',
        contactEmail: 'Office@Riverside.example',
        contactPhone: '+1 (555) 010-2030',
        timezone: 'Europe/Berlin',
        defaultRsvpPolicy: 'required',
        autoApproveInvites: true,
        address: '',
        emailFooter: null,
      }),
    ).toEqual({
      primaryColor: '#1d4ed8',
      secondaryColor: '#fff',
      website: 'https://riverside.example/club',
      contactEmail: 'office@riverside.example',
      contactPhone: '+1 (555) 010-2030',
      timezone: 'Europe/Berlin',
      defaultRsvpPolicy: 'required',
      autoApproveInvites: true,
      address: null,
      emailFooter: null,
    });
  });

  it('refuses an unknown setting', () => {
    expect(updateOrgSettingsInputSchema.safeParse({ theme: 'dark' }).success).toBe(false);
  });

  it('knows IANA zones and refuses offsets and made-up names', () => {
    expect(['UTC', 'America/New_York', 'America/Argentina/Buenos_Aires'].map(isIanaTimeZone)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['+02:00', 'Mars/Base', '', 'America/New York'].map(isIanaTimeZone)).toEqual([false, false, false, false]);
  });
});

describe('displayed roles', () => {
  it('org_admin > coach > parent > player; team role "other" counts for nothing', () => {
    expect(highestRole(['player', 'parent'])).toBe('parent');
    expect(highestRole(['other', null, 'coach'])).toBe('coach');
    expect(highestRole(['other'])).toBeNull();
  });

  it('an org admin of one club who is a parent in another shows org_admin', () => {
    expect(displayRole('parent', { isOrgAdmin: true, teamRoles: ['parent'] })).toBe('org_admin');
  });

  it('a parent made coach shows coach; a coach account that joined as other stays coach; a player stays player', () => {
    expect(displayRole('parent', { isOrgAdmin: false, teamRoles: ['coach', 'parent'] })).toBe('coach');
    expect(displayRole('coach', { isOrgAdmin: false, teamRoles: ['other'] })).toBe('coach');
    expect(displayRole('player', { isOrgAdmin: false, teamRoles: [] })).toBe('player');
  });

  it('a role within one organization: admin, else the highest team role there, else member', () => {
    expect(orgMemberRole(true, ['parent'])).toBe('org_admin');
    expect(orgMemberRole(false, ['player', 'parent'])).toBe('parent');
    expect(orgMemberRole(false, ['other'])).toBe('member');
  });
});
