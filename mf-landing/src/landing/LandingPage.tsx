import { Link } from 'react-router-dom';

export function LandingPage() {
  return (
    <section aria-labelledby="landing-title">
      <h1 id="landing-title">Verify each other before you meet, trade or sign</h1>
      <p>Two or three people check each other's identity with an ID document and a selfie, in seconds.</p>
      <Link to="/create">Start verification</Link> <Link to="/join">Join a session</Link>
    </section>
  );
}
