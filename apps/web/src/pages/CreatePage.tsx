import { RequireSignIn } from '../account/RequireSignIn.tsx';
import { Maker } from '../maker/Maker.tsx';
import '../maker/maker.css';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/create`: the GIF maker, for signed-in users. */
export default function CreatePage() {
  usePageTitle('GIF maker');
  return (
    <RequireSignIn title="GIF maker" purpose="to make GIFs from your videos">
      {() => (
        <section className="maker-page">
          <h1>GIF maker</h1>
          <Maker />
        </section>
      )}
    </RequireSignIn>
  );
}
