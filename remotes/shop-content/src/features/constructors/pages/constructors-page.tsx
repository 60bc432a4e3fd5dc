import { HubCards } from '../components/hub-cards';
import { SettingsForm } from '../components/settings-form';

/** `/constructors`: the hub of the site's constructors and the online shop's settings. */
export function ConstructorsPage() {
  return (
    <>
      <HubCards />
      <SettingsForm />
    </>
  );
}
