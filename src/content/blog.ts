/** The blog's questions and answers (also the FAQ structured data). */

export interface BlogEntry {
  id: string;
  question: string;
  answer: readonly string[];
}

export const blog = {
  heading: 'Read My Blogs',
  entries: [
    {
      id: 'authentication-vs-authorization',
      question: 'What is the difference between authentication and authorization?',
      answer: [
        'Authentication answers the question "who are you?". When you sign in with your email and password, or with your Google account, the site checks that you really are the owner of that account. The result is an identity: a user id, an email address, and whether that address has been verified.',
        'Authorization answers a different question: "what may you do?". It takes the identity that authentication established and decides what it is allowed to see or change. On this site every page is open to everyone, but the checkout is authorized only for a signed-in visitor whose email address is verified.',
        'The order matters: authorization always depends on authentication, never the other way round. A useful way to remember it is a hotel: showing your passport at the desk is authentication; the key card that opens only your own room is authorization.',
      ],
    },
    {
      id: 'why-firebase',
      question: 'Why did I choose Firebase for authentication, and what are the alternatives?',
      answer: [
        'Handling passwords well is hard: they must be hashed with a slow algorithm, reset links must expire, sign-in attempts must be rate-limited, and sessions must be refreshed safely. Firebase Authentication does all of this as a hosted service, so a small practice does not have to run or secure its own login server.',
        'It also gives me email verification, password reset emails and Google sign-in out of the box, an official JavaScript SDK that keeps the session across reloads and tabs, a generous free tier, and a local emulator, so that every test of this site runs against a real authentication server without touching real accounts.',
        'The main alternatives are other hosted identity services, such as Auth0, Amazon Cognito, Supabase Auth, Clerk and Microsoft Entra ID, and self-hosted or library options, such as Keycloak, or Passport.js and Auth.js on your own server. Those give more control over data location and customisation, at the price of more work to build, run and keep secure.',
      ],
    },
    {
      id: 'other-firebase-services',
      question: 'What other services does Firebase offer besides authentication?',
      answer: [
        'Firebase is a whole platform for building apps. For data there are Cloud Firestore, a document database that syncs in real time, the older Realtime Database, and Cloud Storage for files such as images and documents.',
        'To run and deliver code there are Firebase Hosting, a global CDN for static sites like this one, App Hosting for server-rendered web apps, and Cloud Functions for back-end code that runs on events or HTTP requests. App Check protects those back ends from abuse.',
        'To improve an app there are Analytics, Crashlytics, Performance Monitoring, Remote Config and A/B Testing, and Cloud Messaging for push notifications. Firebase also includes Genkit and AI Logic for building features on top of generative AI models.',
      ],
    },
  ] satisfies readonly BlogEntry[],
} as const;
