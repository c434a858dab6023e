export const PAGE_PADDING = 'px-4 sm:px-6 md:px-12 lg:px-16 xl:px-20';
