import { RequireSignIn } from '../account/RequireSignIn.tsx';
import { Maker } from '../maker/Maker.tsx';
import '../maker/maker.css';

/** `/create`: the GIF maker, for signed-in users. */
export default function CreatePage() {
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
