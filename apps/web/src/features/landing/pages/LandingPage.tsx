import { memo, useEffect } from 'react';
import { useLocation } from 'react-router';
import { AboutSection } from '../components/AboutSection';
import { FlightPlatformSection } from '../components/FlightPlatformSection';
import { HeroSection } from '../components/HeroSection';
import { PartnersSection } from '../components/PartnersSection';
import { PartnershipSection } from '../components/PartnershipSection';
import { ProductsSection } from '../components/ProductsSection';
import { ReasonsSection } from '../components/ReasonsSection';
import { SolutionsSection } from '../components/SolutionsSection';
import { StatsSection } from '../components/StatsSection';
import { scrollToSection } from '../components/section-ids';
import '../landing.css';

/** The public home page (spec point 2): the marketing story top to bottom, ending in the partnership enquiry. */
function LandingPage() {
  const { hash } = useLocation();

  // The router does not scroll to a hash; links from elsewhere (the footer's /#about, /#partnership) rely on this.
  useEffect(() => {
    if (hash.length > 1) scrollToSection(decodeURIComponent(hash.slice(1)));
  }, [hash]);

  return (
    <div className="lp">
      <HeroSection />
      <ProductsSection />
      <FlightPlatformSection />
      <StatsSection />
      <SolutionsSection />
      <ReasonsSection />
      <PartnersSection />
      <AboutSection />
      <PartnershipSection />
    </div>
  );
}

// Memo: the route guard above re-renders on the site's settings, the session and the texts; the page reads its own
// (location, texts) and need not follow, a whole page's re-render being a long task on a phone (issue 14).
export default memo(LandingPage);
