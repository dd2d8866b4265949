import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { ProtectedRoute } from '../app/ProtectedRoute';
import { SiteLayout } from './SiteLayout';
import { Spinner } from './Spinner';

// Every page is its own lazily loaded chunk (all precached by the service worker).
const HomePage = lazy(() => import('../site/HomePage'));
const FeaturesPage = lazy(() => import('../site/FeaturesPage'));
const PricingPage = lazy(() => import('../site/PricingPage'));
const FaqPage = lazy(() => import('../site/FaqPage'));
const AboutPage = lazy(() => import('../site/AboutPage'));
const ContactPage = lazy(() => import('../site/ContactPage'));
const PrivacyPage = lazy(() => import('../site/PrivacyPage'));
const TermsPage = lazy(() => import('../site/TermsPage'));
const CookiePolicyPage = lazy(() => import('../site/CookiePolicyPage'));
const LegalDisclaimerPage = lazy(() => import('../site/LegalDisclaimerPage'));
const SuccessPage = lazy(() => import('../site/SuccessPage'));
const CancelPage = lazy(() => import('../site/CancelPage'));
const AuthPage = lazy(() => import('../site/AuthPage'));
const ResetPasswordPage = lazy(() => import('../site/auth/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('../site/auth/VerifyEmailPage'));
const AcceptInvitationPage = lazy(() => import('../site/AcceptInvitationPage'));
const BlogPage = lazy(() => import('../site/BlogPage'));
const BlogCategoryPage = lazy(() => import('../site/BlogCategoryPage'));
const BlogTagPage = lazy(() => import('../site/BlogTagPage'));
const BlogPostPage = lazy(() => import('../site/BlogPostPage'));
const BlogAdminPage = lazy(() => import('../site/BlogAdminPage'));
const PwaPage = lazy(() => import('../pwa/PwaPage'));
const PwaInstallPage = lazy(() => import('../pwa/PwaInstallPage'));
const AppArea = lazy(() => import('../app/AppArea'));
const NotFoundPage = lazy(() => import('../site/NotFoundPage'));

/** The route table of the product spec (section 2). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path="features" element={<FeaturesPage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="faq" element={<FaqPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="cookie-policy" element={<CookiePolicyPage />} />
        <Route path="legal-disclaimer" element={<LegalDisclaimerPage />} />
        <Route path="success" element={<SuccessPage />} />
        <Route path="cancel" element={<CancelPage />} />
        <Route path="auth" element={<AuthPage />} />
        <Route path="auth/reset-password" element={<ResetPasswordPage />} />
        <Route path="auth/verify-email" element={<VerifyEmailPage />} />
        <Route path="accept-invitation" element={<AcceptInvitationPage />} />
        <Route path="blog" element={<BlogPage />} />
        <Route path="blog/category/:category" element={<BlogCategoryPage />} />
        <Route path="blog/tag/:tag" element={<BlogTagPage />} />
        <Route path="blog/:slug" element={<BlogPostPage />} />
        <Route path="blog-admin" element={<BlogAdminPage />} />
        <Route path="pwa" element={<PwaPage />} />
        <Route path="pwa-install" element={<PwaInstallPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      {/* The signed-in app has a layout of its own (app/shell/AppLayout.tsx): no marketing header or footer. */}
      <Route
        path="app/*"
        element={
          <Suspense fallback={<Spinner page />}>
            <ProtectedRoute>
              <AppArea />
            </ProtectedRoute>
          </Suspense>
        }
      />
    </Routes>
  );
}
