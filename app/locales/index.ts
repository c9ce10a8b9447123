// Every storefront text file, by language and part. Plain imports, so the web build, the worker,
// the scripts run through tsx and the tests all load them the same way; the locale test
// (app/modules/i18n/locales.test.ts) fails when a file in app/locales is missing here.

import enAbout from "./en/about.json" with { type: "json" };
import enBreadcrumbs from "./en/breadcrumbs.json" with { type: "json" };
import enCommission from "./en/commission.json" with { type: "json" };
import enCommon from "./en/common.json" with { type: "json" };
import enContact from "./en/contact.json" with { type: "json" };
import enEnquiry from "./en/enquiry.json" with { type: "json" };
import enErrors from "./en/errors.json" with { type: "json" };
import enGallery from "./en/gallery.json" with { type: "json" };
import enHome from "./en/home.json" with { type: "json" };
import enListing from "./en/listing.json" with { type: "json" };
import enNotify from "./en/notify.json" with { type: "json" };
import enPolicy from "./en/policy.json" with { type: "json" };
import enProduct from "./en/product.json" with { type: "json" };
import enSearch from "./en/search.json" with { type: "json" };
import enSpecs from "./en/specs.json" with { type: "json" };
import enWhatsapp from "./en/whatsapp.json" with { type: "json" };
import bnAbout from "./bn/about.json" with { type: "json" };
import bnBreadcrumbs from "./bn/breadcrumbs.json" with { type: "json" };
import bnCommission from "./bn/commission.json" with { type: "json" };
import bnCommon from "./bn/common.json" with { type: "json" };
import bnContact from "./bn/contact.json" with { type: "json" };
import bnEnquiry from "./bn/enquiry.json" with { type: "json" };
import bnErrors from "./bn/errors.json" with { type: "json" };
import bnGallery from "./bn/gallery.json" with { type: "json" };
import bnHome from "./bn/home.json" with { type: "json" };
import bnListing from "./bn/listing.json" with { type: "json" };
import bnNotify from "./bn/notify.json" with { type: "json" };
import bnPolicy from "./bn/policy.json" with { type: "json" };
import bnProduct from "./bn/product.json" with { type: "json" };
import bnSearch from "./bn/search.json" with { type: "json" };
import bnSpecs from "./bn/specs.json" with { type: "json" };
import bnWhatsapp from "./bn/whatsapp.json" with { type: "json" };
import hiAbout from "./hi/about.json" with { type: "json" };
import hiBreadcrumbs from "./hi/breadcrumbs.json" with { type: "json" };
import hiCommission from "./hi/commission.json" with { type: "json" };
import hiCommon from "./hi/common.json" with { type: "json" };
import hiContact from "./hi/contact.json" with { type: "json" };
import hiEnquiry from "./hi/enquiry.json" with { type: "json" };
import hiErrors from "./hi/errors.json" with { type: "json" };
import hiGallery from "./hi/gallery.json" with { type: "json" };
import hiHome from "./hi/home.json" with { type: "json" };
import hiListing from "./hi/listing.json" with { type: "json" };
import hiNotify from "./hi/notify.json" with { type: "json" };
import hiPolicy from "./hi/policy.json" with { type: "json" };
import hiProduct from "./hi/product.json" with { type: "json" };
import hiSearch from "./hi/search.json" with { type: "json" };
import hiSpecs from "./hi/specs.json" with { type: "json" };
import hiWhatsapp from "./hi/whatsapp.json" with { type: "json" };

export const LOCALE_FILES = {
  en: {
    about: enAbout,
    breadcrumbs: enBreadcrumbs,
    commission: enCommission,
    common: enCommon,
    contact: enContact,
    enquiry: enEnquiry,
    errors: enErrors,
    gallery: enGallery,
    home: enHome,
    listing: enListing,
    notify: enNotify,
    policy: enPolicy,
    product: enProduct,
    search: enSearch,
    specs: enSpecs,
    whatsapp: enWhatsapp,
  },
  bn: {
    about: bnAbout,
    breadcrumbs: bnBreadcrumbs,
    commission: bnCommission,
    common: bnCommon,
    contact: bnContact,
    enquiry: bnEnquiry,
    errors: bnErrors,
    gallery: bnGallery,
    home: bnHome,
    listing: bnListing,
    notify: bnNotify,
    policy: bnPolicy,
    product: bnProduct,
    search: bnSearch,
    specs: bnSpecs,
    whatsapp: bnWhatsapp,
  },
  hi: {
    about: hiAbout,
    breadcrumbs: hiBreadcrumbs,
    commission: hiCommission,
    common: hiCommon,
    contact: hiContact,
    enquiry: hiEnquiry,
    errors: hiErrors,
    gallery: hiGallery,
    home: hiHome,
    listing: hiListing,
    notify: hiNotify,
    policy: hiPolicy,
    product: hiProduct,
    search: hiSearch,
    specs: hiSpecs,
    whatsapp: hiWhatsapp,
  },
} as const;
