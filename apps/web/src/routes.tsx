import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from './components/ErrorMessage.tsx';
import { lazyPreloadable } from './components/lazy-preloadable.ts';
import { pageTypeFor } from './analytics/page-type.ts';
import HomePage from './pages/HomePage.tsx';
import { AppShell } from './shell/AppShell.tsx';

// The home page, where most visits start, is in the main bundle: one request fewer before its
// first GIFs. Every other page is its own chunk, downloaded when it is opened.
// The pages the server writes a first screen of are preloaded before the site's first render
// on their paths, so the site replaces the server's markup without a "Loading…" between.
const SearchPage = lazyPreloadable(() => import('./pages/SearchPage.tsx'));
const SearchLandingPage = lazy(() => import('./pages/SearchLandingPage.tsx'));
const GifPage = lazyPreloadable(() => import('./pages/GifPage.tsx'));
const ChannelPage = lazyPreloadable(() => import('./pages/ChannelPage.tsx'));
const TrendingPage = lazyPreloadable(() => import('./pages/TrendingPage.tsx'));

/** The chunk of a page the server writes the first screen of, by the site's path. */
export function serverWrittenPage(path: string): { preload: () => Promise<void> } | undefined {
  if (path.startsWith('/search/')) return SearchPage;
  if (path.startsWith('/gifs/')) return GifPage;
  if (['/gifs', '/trending-gifs', '/stickers'].includes(path)) return TrendingPage;
  if (pageTypeFor(path) === 'channel page') return ChannelPage;
  return undefined;
}
const CategoriesPage = lazy(() => import('./pages/CategoriesPage.tsx'));
const ExplorePage = lazy(() => import('./pages/ExplorePage.tsx'));
const InfoPage = lazy(() => import('./pages/InfoPage.tsx'));
const AppsPage = lazy(() => import('./pages/AppsPage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));
const LoginPage = lazy(() => import('./pages/LoginPage.tsx'));
const JoinPage = lazy(() => import('./pages/JoinPage.tsx'));
const PasswordPage = lazy(() => import('./pages/PasswordPage.tsx'));
const FavoritesPage = lazy(() => import('./pages/FavoritesPage.tsx'));
const UploadPage = lazy(() => import('./pages/UploadPage.tsx'));
const EmailJailPage = lazy(() => import('./pages/EmailJailPage.tsx'));
const SettingsPage = lazy(() => import('./pages/SettingsPage.tsx'));
const ApplyPage = lazy(() => import('./pages/ApplyPage.tsx'));
const EditGifsPage = lazy(() => import('./pages/EditGifsPage.tsx'));
const EditGifPage = lazy(() => import('./pages/EditGifPage.tsx'));
const ModerationPage = lazy(() => import('./pages/ModerationPage.tsx'));
const AuditLogPage = lazy(() => import('./pages/AuditLogPage.tsx'));
const StaffPage = lazy(() => import('./pages/StaffPage.tsx'));
const CreatorApplicationsPage = lazy(() => import('./pages/CreatorApplicationsPage.tsx'));
const StaffSearchPage = lazy(() => import('./pages/StaffSearchPage.tsx'));
const StoriesPage = lazy(() => import('./pages/StoriesPage.tsx'));
const StoryPage = lazy(() => import('./pages/StoryPage.tsx'));
const MyStoriesPage = lazy(() => import('./pages/MyStoriesPage.tsx'));
const StoryEditorPage = lazy(() => import('./pages/StoryEditorPage.tsx'));
const PostsPage = lazy(() => import('./pages/PostsPage.tsx'));
const ArtistsPage = lazy(() => import('./pages/ArtistsPage.tsx'));
const TeamPage = lazy(() => import('./pages/TeamPage.tsx'));
const BackdropPage = lazy(() => import('./pages/BackdropPage.tsx'));
const StudiosPage = lazy(() => import('./pages/StudiosPage.tsx'));
const LabsPage = lazy(() => import('./pages/LabsPage.tsx'));
const SchedulePage = lazy(() => import('./pages/SchedulePage.tsx'));
const DashboardPage = lazy(() => import('./pages/DashboardPage.tsx'));
const ClipsPage = lazy(() => import('./pages/ClipsPage.tsx'));
const CreatePage = lazy(() => import('./pages/CreatePage.tsx'));
const ArScenesPage = lazy(() => import('./pages/ArScenesPage.tsx'));
const WidgetsPage = lazy(() => import('./pages/WidgetsPage.tsx'));

/** The site's routes; any other first segment is a channel. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'search', element: <SearchLandingPage /> },
      { path: 'search/:term', element: <SearchPage /> },
      { path: 'gifs/:slugId', element: <GifPage /> },
      { path: 'gifs', element: <TrendingPage /> },
      { path: 'trending-gifs', element: <TrendingPage /> },
      { path: 'stickers', element: <TrendingPage /> },
      { path: 'explore', element: <ExplorePage /> },
      { path: 'categories', element: <CategoriesPage /> },
      { path: 'categories/:category', element: <CategoriesPage /> },
      { path: 'categories/:category/:subcategory', element: <CategoriesPage /> },
      { path: 'apps', element: <AppsPage /> },
      { path: 'widgets', element: <WidgetsPage /> },
      ...['about', 'transparency', '403', 'maintenance'].map((path) => ({
        path,
        element: <InfoPage />,
      })),
      { path: '404', element: <NotFoundPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'join', element: <JoinPage /> },
      { path: 'password', element: <PasswordPage /> },
      { path: 'favorites', element: <FavoritesPage /> },
      { path: 'upload', element: <UploadPage /> },
      { path: 'email-jail', element: <EmailJailPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'apply', element: <ApplyPage /> },
      // `/edit` is where GIFs are edited: the list of one's GIFs.
      { path: 'edit', element: <Navigate to="/edit/gifs" replace /> },
      { path: 'edit/gifs', element: <EditGifsPage /> },
      { path: 'edit/gifs/:id', element: <EditGifPage /> },
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'dashboard/moderation', element: <ModerationPage /> },
      { path: 'dashboard/moderation/audit-log', element: <AuditLogPage /> },
      { path: 'dashboard/moderation/staff', element: <StaffPage /> },
      { path: 'dashboard/moderation/applications', element: <CreatorApplicationsPage /> },
      { path: 'dashboard/search', element: <StaffSearchPage /> },
      // The story editor and the scheduler; /dashboard itself is the creator dashboard's.
      { path: 'dashboard/stories', element: <MyStoriesPage /> },
      { path: 'dashboard/stories/new', element: <StoryEditorPage /> },
      { path: 'dashboard/stories/:id', element: <StoryEditorPage /> },
      { path: 'dashboard/schedule', element: <SchedulePage /> },
      { path: 'stories', element: <StoriesPage /> },
      { path: 'posts', element: <PostsPage /> },
      { path: 'artists', element: <ArtistsPage /> },
      { path: 'team', element: <TeamPage /> },
      { path: 'backdrop/*', element: <BackdropPage /> },
      { path: 'studios', element: <StudiosPage /> },
      { path: 'labs', element: <LabsPage /> },
      { path: 'stories/:slug', element: <StoryPage /> },
      { path: 'clips', element: <ClipsPage /> },
      { path: 'create/*', element: <CreatePage /> },
      { path: 'ar-scenes/*', element: <ArScenesPage /> },
      { path: ':channel/*', element: <ChannelPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
