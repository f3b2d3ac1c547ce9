import { Chat } from './chat';

// A Server Component: prerendered at build time. The chat inside is a Client
// Component; its server HTML already holds the chat's frame (McpChatPlaceholder).
export default function Page() {
  return (
    <main style={{ maxWidth: '48rem', margin: '0 auto', padding: '0 16px', height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <h1>Next.js</h1>
      <Chat />
    </main>
  );
}
