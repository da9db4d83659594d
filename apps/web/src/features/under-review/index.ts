export { UnderReviewPage } from './under-review-page';
