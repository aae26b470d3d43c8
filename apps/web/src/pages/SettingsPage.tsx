import { RequireSignIn } from '../account/RequireSignIn.tsx';
import type { SessionUser } from '../account/use-session.ts';
import { CopyField } from '../components/CopyField.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { AvatarForm } from '../settings/AvatarForm.tsx';
import { CredentialsPanel } from '../settings/CredentialsPanel.tsx';
import { ProfileForm } from '../settings/ProfileForm.tsx';
import { TakedownsPanel } from '../settings/TakedownsPanel.tsx';
import { useProfile } from '../settings/use-profile.ts';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/settings`: the signed-in user's profile, avatar, takedowns, API keys and personal tokens. */
export default function SettingsPage() {
  usePageTitle('Settings');
  return (
    <RequireSignIn title="Settings" purpose="to change your profile, avatar, keys and tokens">
      {(user) => <Settings user={user} />}
    </RequireSignIn>
  );
}

function Settings({ user }: { user: SessionUser }) {
  const profile = useProfile(user.id);
  return (
    <section className="settings-page">
      <h1>Settings</h1>
      <p className="muted">
        @{user.username} · {user.email}
      </p>
      {profile.error ? <ErrorMessage message={profile.error.message} /> : null}
      {profile.data ? (
        <>
          <ProfileForm profile={profile.data} />
          <AvatarForm profile={profile.data} />
        </>
      ) : null}
      <TakedownsPanel />
      <CredentialsPanel<
        { key: string; name: string; created_at: string },
        { key: string; name: string }
      >
        title="API keys"
        noun="API key"
        about="Apps and widgets send a key with every public API call (api_key=…). Keys are public: they identify an app, they do not sign anyone in."
        path="/api/v3/api-keys"
        idOf={(credential) => credential.key}
        detail={(credential) => <code>{credential.key}</code>}
      />
      <CredentialsPanel<
        { id: string; name: string; created_at: string; last_used_at: string | null },
        { id: string; name: string; token: string }
      >
        title="Personal tokens"
        noun="personal token"
        about="A token acts as you in scripts and services (Authorization: Token …). Keep it secret; revoke it if it leaks."
        path="/api/v3/tokens"
        idOf={(credential) => credential.id}
        detail={(credential) =>
          credential.last_used_at ? (
            <span className="muted">
              last used {new Date(credential.last_used_at).toLocaleDateString()}
            </span>
          ) : (
            <span className="muted">never used</span>
          )
        }
        reveal={(created) => (
          <div role="status">
            <CopyField label={`Token “${created.name}”`} value={created.token} />
            <p className="muted">Copy it now: it is not shown again.</p>
          </div>
        )}
      />
    </section>
  );
}
